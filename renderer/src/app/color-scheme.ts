/** Where the user's theme choice is kept in the browser ('light', 'dark' or 'auto'). */
export const COLOR_SCHEME_KEY = 'notebook-hub-color-scheme';

/**
 * A script for the head of a prerendered page: it sets the theme attribute the stylesheet keys on
 * before the first paint, so a page drawn before the app's code runs is not drawn in the wrong
 * theme. It does what the theme provider does once the app runs.
 */
export const COLOR_SCHEME_SCRIPT = `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_KEY)});var c=s==="light"||s==="dark"?s:matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.setAttribute("data-mantine-color-scheme",c)}catch(e){}`;
