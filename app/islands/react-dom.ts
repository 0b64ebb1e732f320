/**
 * React DOM's client for the islands. vite.config.ts puts this module in the chunk of React DOM
 * itself, so React DOM's own start-up (its CommonJS body) runs when the boot script imports that
 * chunk, in a task of its own, rather than together with every island's module.
 */
export { hydrateRoot } from 'react-dom/client'
