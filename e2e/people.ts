/**
 * The demo people the device specs punch for, read through the API: the specs of one worker share its server, so a
 * spec takes a person no earlier spec has touched today.
 */
import type { APIRequestContext } from '@playwright/test';
import { EMPLOYEE, expect } from './fixtures.js';

export type Person = {
  id: number;
  email: string;
  name: string;
  employeeIdentificationNo: string | null;
  status: string;
  roles: { name: string }[];
};

export async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/**
 * The first seeded active person of the Employee role (who keeps attendance) with an employee ID and no attendance
 * today (a device punch never overrides a person's own check-in), other than the demo employee of the sign-in
 * fixtures: other specs of the same worker expect their today as the seed left it. In id order, so the seed's people
 * come first: a person another spec added (admin.spec's "Mo Mover") has no demo password to sign in with.
 */
export async function employeeWithoutAttendanceToday(request: APIRequestContext, adminToken: string): Promise<Person> {
  const today = (await getJson<{ date: string }>(request, adminToken, '/api/attendance/today')).date;
  const list = await getJson<{ items: Person[] }>(request, adminToken, '/api/employees?pageSize=100&orderKey=id');
  const candidates = list.items.filter(
    (p) =>
      p.status === 'active' &&
      p.employeeIdentificationNo &&
      p.roles.some((r) => r.name === 'Employee') &&
      p.email !== EMPLOYEE.email,
  );
  for (const person of candidates) {
    const day = await getJson<{ attendance: unknown }>(
      request,
      adminToken,
      `/api/attendance/day?employeeId=${person.id}&date=${today}`,
    );
    if (day.attendance === null) return person;
  }
  throw new Error('every demo employee already has an attendance today');
}
