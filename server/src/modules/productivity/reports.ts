/**
 * The CSV reports (company summary, employee summary, leave report), each behind its own download
 * permission and always over the caller's whole tenant (optionally one team or one employee). The text
 * is built in ./report-csv.ts; these handlers check the range and answer it as a download, in the caller's
 * language: their own choice, else the request's Accept-Language, else the company's default (docs/i18n.md).
 */
import { reportFileName, type ReportName, type ReportQuery } from '../../../../shared/contracts/productivity.js';
import type { productivityEndpoints } from '../../../../shared/endpoints/productivity.js';
import type { RequestContext } from '../../http/context.js';
import type { Handlers, Http } from '../../http/endpoints.js';
import { callerLanguage } from '../../http/language.js';
import { reportCsv } from './report-csv.js';
import { productivityRepository } from './repository.js';
import { rangeContext } from './service.js';
import { csvDownload } from '../../http/csv-download.js';

function download(name: ReportName) {
  return async (ctx: RequestContext, { query }: { query: ReportQuery }, { request, reply }: Http): Promise<string> => {
    const figures = await rangeContext(ctx, query);
    const csv = await reportCsv(
      name,
      await callerLanguage(ctx, request),
      figures,
      ctx.repo(productivityRepository),
      query,
    );
    return csvDownload(reply, reportFileName(name, query.startDate, query.endDate), csv);
  };
}

type ReportHandlers = Pick<
  Handlers<typeof productivityEndpoints>,
  'downloadCompanySummary' | 'downloadEmployeeSummary' | 'downloadLeaveReport'
>;

export const reportHandlers: ReportHandlers = {
  downloadCompanySummary: download('company-summary'),
  downloadEmployeeSummary: download('employee-summary'),
  downloadLeaveReport: download('leave-report'),
};
