/** Posts on each of the blog's list pages (/blog, /blog/2, …). */
export const POSTS_PER_PAGE = 4;
