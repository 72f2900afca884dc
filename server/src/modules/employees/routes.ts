import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../shared/contracts/common.js';
import {
  createEmployeeBodySchema,
  employeeListQuerySchema,
  employeeListResponseSchema,
  employeeSchema,
  employeeStatusBodySchema,
  updateEmployeeBodySchema,
} from '../../../../shared/contracts/people.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../http/access.js';
import { errors } from '../../http/errors.js';
import { responses } from '../../http/responses.js';
import { readSettings } from '../tenants/repository.js';
import { getEmployee, listEmployees } from './repository.js';
import { createEmployee, setEmployeeStatus, updateEmployee } from './service.js';

export function employeeRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/employees',
      {
        config: { access: 'view-employees' },
        schema: {
          summary: 'The Employee Directory: search, sort, filter by team or status, page',
          querystring: employeeListQuerySchema,
          response: responses({ 200: employeeListResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const settings = await readSettings(deps.db, who.tenantId);
        return listEmployees(deps.db, who.tenantId, request.query, settings.isDemoDataDisabled);
      },
    );

    app.get(
      '/api/employees/:id',
      {
        config: { access: 'view-employees' },
        schema: { summary: 'One employee', params: idParamsSchema, response: responses({ 200: employeeSchema }) },
      },
      async (request) => {
        const employee = await getEmployee(deps.db, caller(request).tenantId, request.params.id);
        if (!employee) throw errors.notFound('Employee');
        return employee;
      },
    );

    app.post(
      '/api/employees',
      {
        config: { access: 'add-employee' },
        schema: {
          summary: 'Add an employee (they set a password with the e-mailed code)',
          body: createEmployeeBodySchema,
          response: responses({ 201: employeeSchema }),
        },
      },
      async (request, reply) => reply.status(201).send(await createEmployee(deps, caller(request), request.body)),
    );

    app.patch(
      '/api/employees/:id',
      {
        config: { access: 'edit-employee' },
        schema: {
          summary: 'Change an employee; roleIds and teamIds replace the current sets',
          params: idParamsSchema,
          body: updateEmployeeBodySchema,
          response: responses({ 200: employeeSchema }),
        },
      },
      async (request) => updateEmployee(deps, caller(request), request.params.id, request.body),
    );

    app.put(
      '/api/employees/:id/status',
      {
        config: { access: 'update-employee-status' },
        schema: {
          summary: 'Activate or deactivate an employee (deactivation signs them out)',
          params: idParamsSchema,
          body: employeeStatusBodySchema,
          response: responses({ 200: employeeSchema }),
        },
      },
      async (request) => setEmployeeStatus(deps, caller(request), request.params.id, request.body.status),
    );
  };
}
