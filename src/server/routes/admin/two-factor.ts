import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ENROL_CODE_REFUSED,
  enrolledLoginSchema,
  loginCodeInputSchema,
  loginEnrolConfirmInputSchema,
  loginEnrolInputSchema,
  recoveryCodesSchema,
  SECOND_FACTOR_REFUSED,
  securitySettingsSchema,
  twoFactorCodeInputSchema,
  twoFactorSetupDtoSchema,
  twoFactorSetupInputSchema,
  twoFactorStatusSchema,
} from '#shared/staff/two-factor.ts';
import { staffSessionSchema } from '#shared/staff/staff-api.ts';
import { HttpError } from '#server/http-error.ts';
import { writeAudit } from '#server/services/security/audit.ts';
import { accountCheck, throttledSignIn } from '#server/services/security/login-throttle.ts';
import { authenticateStaff } from '#server/services/staff/staff-auth.ts';
import { staffStanding } from '#server/services/staff/staff-accounts.ts';
import {
  challengeFailed,
  endChallenge,
  findChallenge,
  type Challenge,
} from '#server/services/staff/staff-login-challenge.ts';
import {
  confirmEnrolment,
  disableOwnTwoFactor,
  factorOpensDownload,
  renewRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
  verifySecondFactor,
} from '#server/services/staff/two-factor.ts';
import { securitySettings, updateSecuritySettings } from '#server/services/staff/security-settings.ts';
import { totpBox } from '#server/services/staff/two-factor-key.ts';
import { openStaffSession } from './auth.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { ADMIN_ONLY, ANY_STAFF } from './roles.ts';

const CHALLENGE_EXPIRED = 'Votre connexion a expiré. Saisissez à nouveau votre identifiant et votre mot de passe.';

/** The member behind a live challenge, still enabled, or the one answer a stranger gets. */
async function challengeOf(request: FastifyRequest, token: string, kind: Challenge['kind']) {
  const found = await findChallenge(request.server.db, token, kind);
  if (!found) throw new HttpError('CHALLENGE_EXPIRED', CHALLENGE_EXPIRED);
  return found;
}

async function roleOf(request: FastifyRequest, staffId: number) {
  const standing = await staffStanding(request.server.db, staffId);
  if (!standing || standing.disabled)
    throw new HttpError('ACCOUNT_DISABLED', 'Ce compte a été désactivé. Adressez-vous à un administrateur.');
  return standing.role;
}

/** The code step of a staff sign-in: a TOTP or recovery code against the challenge the password step gave. */
function codeStep(app: FastifyInstance) {
  return async (request: FastifyRequest<{ Body: z.infer<typeof loginCodeInputSchema> }>, reply: FastifyReply) => {
    const { challenge, code } = request.body;
    const found = await findChallenge(app.db, challenge, 'code');
    const box = await totpBox(app.config);
    const factor = await throttledSignIn(
      app.db,
      reply,
      { scope: 'staff-code', login: found?.username ?? '', address: request.ip },
      async () => (found ? verifySecondFactor(app.db, box, found.staffId, code) : null),
    );
    if (!found || !factor) {
      if (found) {
        await challengeFailed(app.db, found.idHash);
        await writeAudit(
          app.db,
          { id: found.staffId, username: found.username, address: request.ip },
          { action: 'staff.login_code_failed', entity: 'staff', entityId: found.staffId },
        );
      }
      throw new HttpError('BAD_SECOND_FACTOR', SECOND_FACTOR_REFUSED);
    }
    await endChallenge(app.db, found.idHash);
    const opensDownload = await factorOpensDownload(app.db, found.staffId);
    return openStaffSession(
      request,
      reply,
      { id: found.staffId, username: found.username, role: await roleOf(request, found.staffId) },
      { kind: factor, opensDownload },
    );
  };
}

/**
 * The second step of a staff sign-in, outside the staff session (no session exists yet): the code, or the enrolment
 * an admin requires. Counted by the sign-in throttle like passwords; every failure answers the same words.
 */
export const twoFactorLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login/code',
    {
      config: { rateLimit: RATE_LIMITS.staffSignIn },
      schema: { body: loginCodeInputSchema, response: { 200: staffSessionSchema } },
    },
    codeStep(app),
  );

  app.post(
    '/login/enrol',
    {
      config: { rateLimit: RATE_LIMITS.staffSignIn },
      schema: { body: loginEnrolInputSchema, response: { 200: twoFactorSetupDtoSchema } },
    },
    async (request) => {
      const { challenge } = request.body;
      const found = await challengeOf(request, challenge, 'enrol');
      return startEnrolment(
        app.db,
        await totpBox(app.config),
        { id: found.staffId, username: found.username },
        app.config.SITE_NAME,
      );
    },
  );

  app.post(
    '/login/enrol/confirm',
    {
      config: { rateLimit: RATE_LIMITS.staffSignIn },
      schema: { body: loginEnrolConfirmInputSchema, response: { 200: enrolledLoginSchema } },
    },
    async (request, reply) => {
      const { challenge, code } = request.body;
      const found = await challengeOf(request, challenge, 'enrol');
      const member = { id: found.staffId, username: found.username };
      const box = await totpBox(app.config);
      const recoveryCodes = await throttledSignIn(
        app.db,
        reply,
        { scope: 'staff-code', login: found.username, address: request.ip },
        // Enrolled with the password alone: this factor does not open the download tab (docs/decisions/009).
        () =>
          confirmEnrolment(app.db, box, { ...member, address: request.ip }, member, code, {
            unlockedSession: false,
            sessionId: null,
          }),
      );
      if (!recoveryCodes) {
        await challengeFailed(app.db, found.idHash);
        throw new HttpError('BAD_CODE', ENROL_CODE_REFUSED, { code: [ENROL_CODE_REFUSED] });
      }
      await endChallenge(app.db, found.idHash);
      const session = await openStaffSession(
        request,
        reply,
        { ...member, role: await roleOf(request, found.staffId) },
        { kind: 'totp', opensDownload: false },
      );
      return { session, recoveryCodes };
    },
  );
};

/** « Mon compte » › double authentification (every member, for themself) and the team's policy (admins). */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(enrolmentRoutes);
  await app.register(ownCodeRoutes);
  await app.register(securitySettingRoutes);
};

const codeLimit = { ...ANY_STAFF, rateLimit: RATE_LIMITS.staffSignIn };

/**
 * Codes typed from a session count against the member's account like the sign-in's code step (scope 'staff-code'),
 * not only per address: a borrowed session must not guess codes faster than a sign-in could.
 */
const throttledCode = <T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  check: () => Promise<T | null>,
) => accountCheck(app.db, reply, 'staff-code', request.ip)(request.staff.username, check);

/** A member's own second factor: its state, then enrolling a phone (the password, then a first code). */
const enrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/two-factor',
    { config: ANY_STAFF, schema: { response: { 200: twoFactorStatusSchema } } },
    async (request) => twoFactorStatus(app.db, request.staff.id, request.staff.secondFactor),
  );

  app.post(
    '/me/two-factor/setup',
    {
      config: codeLimit,
      schema: { body: twoFactorSetupInputSchema, response: { 200: twoFactorSetupDtoSchema } },
    },
    async (request, reply) => {
      const { password } = request.body;
      const { staff } = request;
      const ok = await throttledSignIn(
        app.db,
        reply,
        { scope: 'staff', login: staff.username, address: request.ip },
        () => authenticateStaff(app.db, staff.username, password),
      );
      if (!ok) throw new HttpError('BAD_PASSWORD', 'Mot de passe incorrect', { password: ['Mot de passe incorrect'] });
      return startEnrolment(app.db, await totpBox(app.config), staff, app.config.SITE_NAME);
    },
  );

  app.post(
    '/me/two-factor/confirm',
    {
      config: codeLimit,
      schema: { body: twoFactorCodeInputSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request, reply) => {
      const { code } = request.body;
      const { staff } = request;
      const box = await totpBox(app.config);
      // The new factor opens the download tab only when this session already did (docs/decisions/009).
      const recoveryCodes = await throttledCode(app, request, reply, () =>
        confirmEnrolment(app.db, box, staff, staff, code, {
          unlockedSession: staff.unlocked,
          sessionId: staff.sessionId,
        }),
      );
      if (!recoveryCodes) throw new HttpError('BAD_CODE', ENROL_CODE_REFUSED, { code: [ENROL_CODE_REFUSED] });
      return { recoveryCodes };
    },
  );
};

/** With a code of the member's factor: new recovery codes, or the factor removed. */
const ownCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/me/two-factor/recovery-codes',
    {
      config: codeLimit,
      schema: { body: twoFactorCodeInputSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request, reply) => {
      const { code } = request.body;
      const box = await totpBox(app.config);
      const recoveryCodes = await throttledCode(app, request, reply, () =>
        renewRecoveryCodes(app.db, box, request.staff, code),
      );
      if (!recoveryCodes) throw new HttpError('BAD_CODE', SECOND_FACTOR_REFUSED, { code: [SECOND_FACTOR_REFUSED] });
      return { recoveryCodes };
    },
  );

  app.post(
    '/me/two-factor/disable',
    {
      config: codeLimit,
      schema: { body: twoFactorCodeInputSchema, response: { 200: twoFactorStatusSchema } },
    },
    async (request, reply) => {
      const { code } = request.body;
      const box = await totpBox(app.config);
      if (
        !(await throttledCode(
          app,
          request,
          reply,
          async () => (await disableOwnTwoFactor(app.db, box, request.staff, code)) || null,
        ))
      ) {
        throw new HttpError('BAD_CODE', SECOND_FACTOR_REFUSED, { code: [SECOND_FACTOR_REFUSED] });
      }
      return twoFactorStatus(app.db, request.staff.id, request.staff.secondFactor);
    },
  );
};

/** The team's policy (admins): whether every member must sign in with a second factor. */
const securitySettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/security', { config: ADMIN_ONLY, schema: { response: { 200: securitySettingsSchema } } }, async () =>
    securitySettings(app.db),
  );

  app.put(
    '/security',
    {
      config: ADMIN_ONLY,
      schema: { body: securitySettingsSchema, response: { 200: securitySettingsSchema } },
    },
    async (request) => updateSecuritySettings(app.db, request.staff, request.body),
  );
};
