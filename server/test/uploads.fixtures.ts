import { drawTile } from "../src/db/seed/demoStore/png";

/** A real PNG, different for each shade: the server judges uploads by their content. */
export function pngOf(shade: number): Buffer {
  return drawTile(2, 2, [shade % 256, 10, 20], [30, shade % 256, 40], "plain");
}

/** A multipart body carrying one image, as the web app's picker sends it. */
export function multipartImage(content: Buffer, cookie: string) {
  const boundary = "----uploadsboundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="picture.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
  };
}
