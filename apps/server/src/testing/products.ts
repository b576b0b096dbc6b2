// Products as an admin adds them through the API (tests only): the picture uploaded first, as the
// product form does, then POST /api/tools with its path.
import { type Tool, toolSchema } from "@toolshop/shared/tools";
import { uploadResponseSchema } from "@toolshop/shared/uploads";
import sharp from "sharp";
import { expect } from "vitest";
import { multipartBody } from "../features/uploads/test-images";
import { call, type SignedInCustomer } from "./api-client";
import type { TestApp } from "./test-app";

/** Uploads a 64 × 48 PNG of one colour as `admin`; answers its path, for a product's image. */
export async function uploadPicture(t: TestApp, admin: SignedInCustomer, color = "#3b82f6"): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  const body = await multipartBody([{ name: "tool.png", type: "image/png", content: png }]);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/uploads",
    payload: body.payload,
    headers: { ...body.headers, ...admin.headers },
  });
  return uploadResponseSchema.parse(response.json()).data.url;
}

/** POST /api/tools as `admin`, which must answer 201 Created; answers the new tool. */
export async function postProduct(t: TestApp, admin: SignedInCustomer, product: object): Promise<Tool> {
  const response = await call(t.app, admin, "POST", "/api/tools", product);
  expect(response.statusCode, response.body).toBe(201);
  return toolSchema.parse(response.json());
}
