import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionsEndedSchema } from '#shared/staff/staff-api.ts';
import { idParams, okSchema } from '#shared/common/query.ts';
import {
  passwordSetInputSchema,
  staffChangePasswordInputSchema,
  staffSetPasswordInputSchema,
  staffMemberCreateInputSchema,
  staffMemberSchema,
  staffMemberUpdateInputSchema,
} from '#shared/staff/staff-members.ts';
import { changeOwnPassword, setPasswordFromLink } from '#server/services/staff/staff-passwords.ts';
import {
  createMember,
  endMemberSessions,
  listStaffMembers,
  resetMemberPassword,
  updateMember,
} from '#server/services/staff/staff-accounts.ts';
import { dutyHoursOf, setDutyHours } from '#server/services/staff/duty-hours.ts';
import { dutyHoursInputSchema, dutyHoursSchema } from '#shared/staff/duty-hours.ts';
import { accountCheck } from '#server/services/security/login-throttle.ts';
import { endAllStaffSessions } from '#server/services/security/sessions.ts';
import { endSharesWithoutWatcher } from '#server/plugins/remote.ts';
import { resetMemberTwoFactor } from '#server/services/staff/two-factor.ts';
import { ADMIN_ONLY, ANY_STAFF } from './roles.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';

/** POST /api/admin/set-password: outside the staff session, the link's single-use token is the proof. */
export const setPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/set-password',
    {
      config: { rateLimit: RATE_LIMITS.staffSetPassword },
      schema: { body: staffSetPasswordInputSchema, response: { 200: passwordSetInputSchema } },
    },
    async (request) => setPasswordFromLink(app.db, request.body.token, request.body.newPassword, request.ip),
  );
};

/** « Équipe » (admins) and every member's own password. Each change is audited with its before/after. */
export const staffMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const ok = { 200: okSchema };
  app.get('/team', { config: ADMIN_ONLY, schema: { response: { 200: z.array(staffMemberSchema) } } }, async () =>
    listStaffMembers(app.db),
  );

  app.post(
    '/team',
    { config: ADMIN_ONLY, schema: { body: staffMemberCreateInputSchema, response: { 201: staffMemberSchema } } },
    async (request, reply) => reply.status(201).send(await createMember(app.db, app.mail, request.staff, request.body)),
  );

  app.patch(
    '/team/:id',
    {
      config: ADMIN_ONLY,
      schema: { params: idParams, body: staffMemberUpdateInputSchema, response: { 200: staffMemberSchema } },
    },
    async (request) => {
      const member = await updateMember(app.db, request.staff, request.params.id, request.body);
      // Disabled, or no longer an admin: a share they watched and may no longer ends now.
      await endSharesWithoutWatcher(app);
      return member;
    },
  );

  // When a member is on duty for response warnings: an admin sets anyone's here, a member their own below.
  app.put(
    '/team/:id/duty-hours',
    {
      config: ADMIN_ONLY,
      schema: { params: idParams, body: dutyHoursInputSchema, response: { 200: staffMemberSchema } },
    },
    async (request) => {
      await setDutyHours(app.db, request.staff, request.params.id, request.body.hours);
      return (await listStaffMembers(app.db)).find((m) => m.id === request.params.id)!;
    },
  );

  app.get('/me/duty-hours', { config: ANY_STAFF, schema: { response: { 200: dutyHoursSchema } } }, async (request) => ({
    hours: await dutyHoursOf(app.db, request.staff.id),
  }));

  app.put(
    '/me/duty-hours',
    { config: ANY_STAFF, schema: { body: dutyHoursInputSchema, response: { 200: dutyHoursSchema } } },
    async (request) => ({ hours: await setDutyHours(app.db, request.staff, request.staff.id, request.body.hours) }),
  );

  app.post(
    '/team/:id/password-link',
    { config: ADMIN_ONLY, schema: { params: idParams, response: ok } },
    async (request) => {
      await resetMemberPassword(app.db, app.mail, request.staff, request.params.id);
      return { ok: true as const };
    },
  );

  app.delete(
    '/team/:id/sessions',
    { config: ADMIN_ONLY, schema: { params: idParams, response: { 200: sessionsEndedSchema } } },
    async (request) => ({ ended: await endMemberSessions(app.db, request.staff, request.params.id) }),
  );

  // A lost phone: the member's second factor is removed and their sessions end (audited).
  app.delete(
    '/team/:id/two-factor',
    { config: ADMIN_ONLY, schema: { params: idParams, response: ok } },
    async (request) => {
      const { id } = request.params;
      await resetMemberTwoFactor(app.db, request.staff, id, (tx) => endAllStaffSessions(tx, id));
      return { ok: true as const };
    },
  );

  app.post(
    '/me/password',
    {
      config: ANY_STAFF,
      schema: { body: staffChangePasswordInputSchema, response: { 200: sessionsEndedSchema } },
    },
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const throttle = accountCheck(app.db, reply, 'staff', request.ip);
      return { ended: await changeOwnPassword(app.db, request.staff, currentPassword, newPassword, throttle) };
    },
  );
};
