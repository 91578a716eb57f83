/** How every report and engineer activity export answers: its CSV as a download. */
import type { FastifyReply } from "fastify";
import { sendUserFile } from "../../platform/user-files";

export const sendCsv = (reply: FastifyReply, filename: string, csv: string) =>
  sendUserFile(reply, { contentType: "text/csv; charset=utf-8", filename, data: Buffer.from(csv) });
