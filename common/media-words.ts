/**
 * What staff are told about a picture's alt text and focal point, in the same words by the
 * server's schemas (./media.ts) and by the staff app, which refuses such a value before sending
 * it. No zod here: the staff app's pages import it.
 */
/** What a picture without its description is told. */
export const DESCRIBE_THE_PICTURE = 'Describe the picture for people who cannot see it (alt text).'

/** The longest alt text a picture may have. */
export const ALT_MAX = 1000

/** The focal point's coordinates, each from 0 to 1, as staff are told of them. */
export const FOCAL_AXES = { focalX: 'x (from the left)', focalY: 'y (from the top)' } as const

/** What a focal point's coordinate that is not a number from 0 to 1 is told. */
export const notACoordinate = (field: keyof typeof FOCAL_AXES) =>
  `The focal point's ${FOCAL_AXES[field]} must be a number from 0 to 1.`
