/**
 * The gift amounts offered (/donate and the home page's donation panel). A file of their own: the home
 * page shows only these, and importing them from shelter-pages.ts would bring that file's texts, and
 * their messages, into the home page's JavaScript.
 */
export const donationPresets = [25, 50, 100] as const;
