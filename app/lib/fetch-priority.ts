/**
 * React 18 does not know the `fetchPriority` prop and warns; the attribute itself is what browsers
 * read. Spread this on the one image a page must load first (its LCP image).
 */
export const fetchPriorityHigh = { fetchpriority: "high" } as Record<string, string>;
