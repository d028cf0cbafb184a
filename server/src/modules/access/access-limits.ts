/** Sizes the access API accepts (inputs are checked against them before anything is written). */
export const MAX_GROUP_NAME = 80;
export const MAX_GROUP_MEMBERS = 1000;
/** Groups a workspace may hold (source access names them; a list of thousands helps nobody). */
export const MAX_GROUPS = 500;
/** Chosen members and groups on one source, at most. */
export const MAX_SOURCE_MEMBERS = 500;
export const MAX_SOURCE_GROUPS = 100;
