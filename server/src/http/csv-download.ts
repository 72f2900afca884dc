/**
 * A CSV report's answer (employees, functions, projects, productivity, the responsibility matrix): the text
 * type, an attachment under its file name, and never cached, since reports hold people's data.
 */
import type { FastifyReply } from 'fastify';

export function csvDownload(reply: FastifyReply, fileName: string, csv: string): string {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
  return csv;
}
