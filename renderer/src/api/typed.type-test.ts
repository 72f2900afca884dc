/** Compile-time tests of the typed client: each @ts-expect-error must stay an error (tsc fails if it is not). */
import { leaveCatalogueEndpoints as ep } from '../../../shared/endpoints/leave-catalogue';
import { call } from './typed';
void call(ep.updateHoliday, { params: { id: 1 }, body: { name: 'x' } });
// @ts-expect-error missing params
void call(ep.updateHoliday, { body: { name: 'x' } });
// @ts-expect-error unknown body field
void call(ep.updateHoliday, { params: { id: 1 }, body: { nam: 'x' } });
// @ts-expect-error body required
void call(ep.createHoliday);
void call(ep.listHolidays);
void call(ep.listHolidays, { query: { year: 2026 } });
// @ts-expect-error wrong query type
void call(ep.listHolidays, { query: { year: 'x' } });
const p: Promise<{ id: number; name: string; date: string; isActive: boolean }> = call(ep.setHolidayStatus, {
  params: { id: 1 },
  body: { isActive: true },
});
void p;
