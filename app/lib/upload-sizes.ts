/** Sizes as the pet form says them (its photo previews and upload progress). */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The upload's progress: "1.2 MB of 3.4 MB sent". */
export function sentText(loaded: number, total: number): string {
  return `${megabytes(Math.min(loaded, total))} of ${megabytes(total)} sent`;
}
