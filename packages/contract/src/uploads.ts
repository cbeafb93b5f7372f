import { z } from "zod";

export const uploadResult = z.object({ file_name: z.string(), size: z.number() });
export type UploadResult = z.infer<typeof uploadResult>;
/** Where uploaded files are served back. */
export const UPLOADS_URL = "/uploads";
