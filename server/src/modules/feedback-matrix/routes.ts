/** The responsibility matrix (shared/endpoints/feedback-matrix.ts): mine, my teams', the company CSV. */
import { matrixFileName } from '../../../../shared/contracts/feedback-matrix.js';
import { feedbackMatrixEndpoints } from '../../../../shared/endpoints/feedback-matrix.js';
import { toCsv } from '../../../../shared/csv.js';
import { translator } from '../../../../shared/i18n/index.js';
import { defineRoutes } from '../../http/endpoints.js';
import { callerLanguage } from '../../http/language.js';
import { companyMatrix, myMatrix, teamMatrix } from './service.js';
import { csvDownload } from '../../http/csv-download.js';

export const feedbackMatrixRoutes = defineRoutes(feedbackMatrixEndpoints, {
  getMyResponsibilityMatrix: (ctx, { query }) => myMatrix(ctx, query),

  getTeamResponsibilityMatrix: (ctx, { query }) => teamMatrix(ctx, query),

  downloadResponsibilityMatrixReport: async (ctx, { query }, { request, reply }) => {
    const { period, teams } = await companyMatrix(ctx, query);
    const t = translator(await callerLanguage(ctx, request));
    const header = [
      t('report.team', { ns: 'feedbackMatrix' }),
      t('report.employee', { ns: 'feedbackMatrix' }),
      t('report.email', { ns: 'feedbackMatrix' }),
      t('report.periodStart', { ns: 'feedbackMatrix' }),
      t('report.periodEnd', { ns: 'feedbackMatrix' }),
      t('report.expected', { ns: 'feedbackMatrix' }),
      t('report.given', { ns: 'feedbackMatrix' }),
      t('report.remaining', { ns: 'feedbackMatrix' }),
    ];
    const rows = teams.flatMap((team) =>
      team.members.map((m) => [team.name, m.name, m.email, period.start, period.end, m.expected, m.given, m.remaining]),
    );
    return csvDownload(reply, matrixFileName(period.start, period.end), toCsv(header, rows));
  },
});
