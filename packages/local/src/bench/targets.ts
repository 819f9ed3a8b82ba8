/**
 * The product's targets (issue 23), one place for every bench. The step issues' own targets
 * (150 ms lists, 1.5× overhead, 160 KB console) were milestones on the way, not the goal.
 */
export const TARGETS = {
  /** A list's page 1 and page 50, through the gateway, p95. */
  listP95Ms: 100,
  /** A search (client finder, keyword lists), through the gateway, p95. */
  searchP95Ms: 100,
  /** A request-path Lambda's bundle as SST builds it (minified, keepNames). */
  lambdaBytes: 300_000,
  /** The console's first download, gzip. */
  consoleInitialGzipBytes: 150_000,
  /** The member H5's first download (web/dist/m/index.html), gzip (issue 34). */
  memberInitialGzipBytes: 80_000,
  /** The member's hotel search (GET mp/hotels, first page) at 500 hotels, through the gateway, p95 (issue 34). */
  hotelSearchP95Ms: 100,
  /** The member's booking routes (a hotel's quote, placing an order, my orders) at 200,000 members, through the gateway, p95 (issue 39). */
  memberRouteP95Ms: 100,
  /** What the gateway adds to the bare DynamoDB calls of a paged list, p50. */
  gatewayOverhead: 1.3,
  /** Samples behind each figure of a full run, with the query varied call by call. */
  samples: 200,
} as const;
