/**
 * React 18 does not know the `fetchPriority` prop and warns; the attribute itself is what browsers
 * read. Spread this on the one image a page must load first (its LCP image).
 */
export const fetchPriorityHigh = { fetchpriority: "high" } as Record<string, string>;

/**
 * Spread this on the other images that share a page's first screen with its LCP image, so that the
 * browser (and the edge, over HTTP/2) sends them after it, not beside it: on a slow phone they share its
 * bandwidth otherwise (decision 062).
 */
export const fetchPriorityLow = { fetchpriority: "low" } as Record<string, string>;
