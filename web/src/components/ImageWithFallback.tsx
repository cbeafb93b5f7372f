import { UPLOADS_URL } from "@store/contract";
import { type ImgHTMLAttributes, useState } from "react";

export const DEFAULT_PRODUCT_IMAGE = "/default-product.svg";
export const DEFAULT_LOGO = "/default-logo.svg";

/** The URL of an uploaded file, or undefined for none. */
export function uploadUrl(fileName: string | null | undefined): string | undefined {
  return fileName ? `${UPLOADS_URL}/${encodeURIComponent(fileName)}` : undefined;
}

/** An uploaded image that falls back to a default when missing or broken. */
export function ImageWithFallback({
  fileName,
  fallback = DEFAULT_PRODUCT_IMAGE,
  alt,
  ...props
}: {
  fileName: string | null | undefined;
  fallback?: string;
  alt: string;
} & ImgHTMLAttributes<HTMLImageElement>) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = uploadUrl(fileName);
  const broken = !src || failed === src;
  return (
    <img
      {...props}
      alt={alt}
      src={broken ? fallback : src}
      onError={() => setFailed(src ?? null)}
    />
  );
}
