import type { ImageAttributes } from "../../src/assets/images.ts";

/** Every image goes through here, so width, height, lazy loading and srcset are never forgotten. */
export function Img({ image, className }: { image: ImageAttributes; className?: string }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={image.loading}
      decoding={image.decoding}
      fetchPriority={image.fetchPriority}
      srcSet={image.srcSet}
      sizes={image.sizes}
      className={className}
    />
  );
}

export function Figure({ image, caption, className }: { image: ImageAttributes; caption?: string; className?: string }) {
  return (
    <figure className={className}>
      <Img image={image} />
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
