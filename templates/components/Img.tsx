import type { ImageAttributes } from "../../src/assets/images.ts";

/** Every image goes through here, so width, height, lazy loading and srcset are never forgotten. */
export function Img({ image, className }: { image: ImageAttributes; className?: string }) {
  const img = (
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
  if (!image.sources?.length) return img;
  // AVIF (when the pipeline found it pays) for browsers that take it; the <img> keeps WebP.
  return (
    <picture>
      {image.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={image.sizes} />
      ))}
      {img}
    </picture>
  );
}

export function Figure({
  image,
  caption,
  className,
}: {
  image: ImageAttributes;
  caption?: string;
  className?: string;
}) {
  return (
    <figure className={className}>
      <Img image={image} />
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
