import type { ImgHTMLAttributes } from "react";
import { photoSources } from "#app/lib/photos/photos";

/**
 * A pet photo as a `<picture>`: AVIF, then WebP, at 400 and 720 px for the browser to choose from by
 * `sizes`, and the 720 px JPEG for browsers with neither (decision 035). Other images (the placeholder) are a plain `<img>`.
 * Width and height are always given, so nothing shifts while it loads.
 */
export function PetPhoto({
  src,
  sizes,
  alt,
  ...image
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string; width: number; height: number; alt: string }) {
  const sources = photoSources(src);
  if (!sources) return <img src={src} alt={alt} {...image} />;
  return (
    <picture className="pet-photo">
      <source type="image/avif" srcSet={sources.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />
      <img src={sources.jpegSrc} alt={alt} {...image} />
    </picture>
  );
}
