// Pictures and multipart bodies for the upload suites (tests only).
import sharp from "sharp";

/** A 2400 × 1600 PNG that carries EXIF (camera, copyright) so that stripping can be checked. */
export function pngWithMetadata(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#3b82f6" } })
    .composite([
      {
        input: { create: { width: 800, height: 400, channels: 3, background: "#f59e0b" } },
        left: 200,
        top: 300,
      },
    ])
    .withExif({ IFD0: { Make: "SecretCam", Copyright: "Private Person", Software: "leaky" } })
    .png()
    .toBuffer();
}

/** A real PNG of about `bytes` bytes: random pixels, which PNG cannot compress. */
export function noisyPng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export const SVG_WITH_SCRIPT = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>`,
);

export interface MultipartFile {
  field?: string;
  name: string;
  type: string;
  content: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it: the payload and its content-type. */
export async function multipartBody(
  files: MultipartFile[],
): Promise<{ payload: Buffer; headers: { "content-type": string } }> {
  const form = new FormData();
  for (const file of files) {
    form.append(
      file.field ?? "image",
      new Blob([new Uint8Array(file.content)], { type: file.type }),
      file.name,
    );
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  const contentType = request.headers.get("content-type");
  if (!contentType) throw new Error("FormData gave no content-type");
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": contentType } };
}
