import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { S3Client } from "@aws-sdk/client-s3";
import { readS3, type S3Settings } from "../src/config";

/**
 * A real S3-compatible server (s3rver) on loopback with one bucket, in a folder
 * of its own: the settings as an operator writes them (README's configuration
 * table), a client to look into the bucket, and `close` to stop it and remove the folder.
 */
export async function startS3(bucketName: string) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "store-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: folder,
    configureBuckets: [{ name: bucketName }],
  });
  const { port } = await server.run();
  const settings = readS3({
    S3_BUCKET: bucketName,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1",
  }) as S3Settings;
  const bucket = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: settings.credentials,
  });
  return {
    folder,
    settings,
    bucket,
    close: async () => {
      await server.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
