/** The Employee Directory (shared/endpoints/people.ts, employeeEndpoints); the rules live in service.ts. */
import { employeeEndpoints } from '../../../../shared/endpoints/people.js';
import { defineRoutes } from '../../http/endpoints.js';
import { employeeRepository } from './repository.js';
import { createEmployee, setEmployeeStatus, updateEmployee } from './service.js';

export const employeeRoutes = defineRoutes(employeeEndpoints, {
  listEmployees: async (ctx, { query }) =>
    ctx.repo(employeeRepository).list(query, (await ctx.settings()).isDemoDataDisabled),
  getEmployee: (ctx, { params }) => ctx.repo(employeeRepository).get(params.id),
  createEmployee: (ctx, { body }) => createEmployee(ctx, body),
  updateEmployee: (ctx, { params, body }) => updateEmployee(ctx, params.id, body),
  setEmployeeStatus: (ctx, { params, body }) => setEmployeeStatus(ctx, params.id, body.status),
});
