/** The id of the element holding a prerendered page's API answers (kept apart so the entry script stays small). */
export const FIRST_PAGE_DATA_ID = 'first-page-data';

/** Whether the hub prerendered this page: its content is drawn already and the app takes it over. */
export const isPrerendered = (): boolean => document.getElementById(FIRST_PAGE_DATA_ID) !== null;
