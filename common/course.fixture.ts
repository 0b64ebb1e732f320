/** One course as the API answers it: the tests of the course reader and the course service. */
export const sampleCourse = {
  id: '3-course-bundle',
  title: '3 Course Bundle',
  description: 'Nine credit hours.',
  price: 69,
  url: 'https://store.example.org/products/3-course-bundle',
  image_url: '/media/courses/3-course-bundle-800.webp',
}
