// The first bytes of the picture formats the server accepts (see @toolshop/shared/uploads): a file whose
// name says .png but holds text is refused as it is chosen, not after the upload.
const SIGNATURES: { offset: number; bytes: number[] }[] = [
  { offset: 0, bytes: [0xff, 0xd8, 0xff] }, // JPEG
  { offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47] }, // PNG
  { offset: 0, bytes: [0x47, 0x49, 0x46, 0x38] }, // GIF8
  { offset: 8, bytes: [0x57, 0x45, 0x42, 0x50] }, // WEBP (after RIFF and the size)
  { offset: 4, bytes: [0x66, 0x74, 0x79, 0x70, 0x61, 0x76, 0x69] }, // AVIF: "ftypavi(f|s)"
];

/** Whether the file starts like a JPEG, PNG, GIF, WebP or AVIF picture. */
export async function looksLikePicture(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await readBytes(file.slice(0, 16)));
  return SIGNATURES.some(({ offset, bytes }) => bytes.every((byte, index) => head[offset + index] === byte));
}

// FileReader rather than Blob.arrayBuffer(): the test DOM (jsdom) has only the former.
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
