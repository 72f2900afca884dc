/** The Employee Directory (shared/endpoints/people.ts, employeeEndpoints); the rules live in service.ts. */
import { employeeEndpoints } from '../../../../shared/endpoints/people.js';
import { defineRoutes } from '../../http/endpoints.js';
import { employeeRepository } from './repository.js';
import {
  createEmployee,
  resendInvitation,
  setEmployeeStatus,
  shownEmployee,
  updateEmployee,
  uploadEmployeeImage,
} from './service.js';
import { MAX_IMAGE_BASE64 } from '../../../../shared/images.js';

export const employeeRoutes = defineRoutes(employeeEndpoints, {
  listEmployees: async (ctx, { query }) =>
    ctx.repo(employeeRepository).list(query, (await ctx.settings()).isDemoDataDisabled),
  nextEmployeeNumber: async (ctx) => ({
    employeeIdentificationNo: await ctx.repo(employeeRepository).nextEmployeeNumber(),
  }),
  getEmployee: (ctx, { params }) => shownEmployee(ctx, params.id),
  // The invitation links to this server's address unless PUBLIC_URL names the one people use.
  createEmployee: (ctx, { body }, { request }) => createEmployee(ctx, body, `${request.protocol}://${request.host}`),
  // Each change finds its employee as getEmployee does (shownEmployee): a hidden demo person is unknown.
  resendInvitation: (ctx, { params }, { request }) =>
    resendInvitation(ctx, params.id, `${request.protocol}://${request.host}`),
  updateEmployee: (ctx, { params, body }) => updateEmployee(ctx, params.id, body),
  setEmployeeStatus: (ctx, { params, body }) => setEmployeeStatus(ctx, params.id, body.status),
  uploadEmployeeImage: {
    // 2 MiB of picture is about 2.7 MiB of base64, over the API's 1 MiB default.
    bodyLimit: MAX_IMAGE_BASE64 + 4096,
    handler: (ctx, { params, body }) => uploadEmployeeImage(ctx, params.id, body),
  },
  /**
   * The bytes as they were checked at upload, with their own type. nosniff and a CSP that allows nothing
   * keep a browser from treating them as anything but a picture, even opened on their own.
   */
  getEmployeeImage: async (ctx, { params }, { reply }) => {
    const image = await ctx.repo(employeeRepository).getImage(params.id);
    void reply
      .header('content-type', image.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=86400');
    // Fastify sends a Buffer as it is; the response schema only describes it for the OpenAPI document.
    return image.data as unknown as string;
  },
});
