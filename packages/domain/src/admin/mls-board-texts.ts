/** What Admin → MLS boards says about where a save shows (issue 44); our own words. */
export const MLS_BOARD_PAGE_TEXTS = {
  /** Under the page's introduction: the public pages read the boards as they are served. */
  publicPages:
    'The public MLS directory, each board’s page and the city pages show a save as soon as it is made.',
  /** After a save. */
  saved: (name: string) => `${name} is saved. The public MLS pages show the change now.`,
} as const;
