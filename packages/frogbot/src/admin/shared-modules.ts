/**
 * The modules the admin chat shares with an app's client tool components (docs/chat/admin.md): the admin build ships each as an ES module of its own, the admin page's import map points
 * these bare specifiers at them, and `frogbot build` leaves them out of the components bundle, so a
 * component runs on the admin chat's own React and `@frogbotai/ui/chat`.
 */
export const ADMIN_SHARED_MODULES = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime', '@frogbotai/ui/chat'] as const

/** The bare specifier the admin page's import map gives the app's components bundle. */
export const COMPONENTS_SPECIFIER = 'frogbot:components'

/** Where the admin build's import map of {@link ADMIN_SHARED_MODULES} lives, inside the admin folder. */
export const SHARED_MODULES_FILE = 'shared-modules.json'
