import {
  dataQualityContextSchema,
  dataQualityRuleBodySchema,
  dataQualityRuleSetSchema,
  periodDataQualityQuerySchema,
  periodDataQualitySchema,
} from '@dcf/domain/data-quality';
import { idParam } from '@dcf/domain/ids';
import { z } from 'zod';
import { access } from '../../platform/policy';
import { principalOf } from '../../platform/request-context';
import type { RouteModule } from '../../platform/route-module';
import { pageScope } from '../submissions/scopes';
import { periodCollection } from '../views/routes';
import * as rules from './rules-service';
import { getEntryContext, getPeriodDataQuality } from './service';

const tags = ['Data quality'];
const formParams = z.object({ id: idParam, formId: idParam });
const ruleParams = formParams.extend({ ruleId: z.string().regex(/^r\d{1,6}$/) });
const pageParams = z.object({ id: idParam, rpId: idParam, orgId: idParam });
const periodParams = z.object({ periodId: idParam });
const RULES = '/Collection/:id/Form/:formId/DataQualityRule';

/** Data quality rules, their context at entry and the manager's period summary (decision 0028). */
export const dataQualityRoutes: RouteModule = (app, { database: { db } }) => {
  app.get(
    RULES,
    {
      config: { access: access.collectionRead() },
      schema: { tags, params: formParams, response: { 200: dataQualityRuleSetSchema } },
    },
    async (request) => rules.listRules(db, principalOf(request), request.params.id, request.params.formId),
  );

  app.post(
    RULES,
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        description: 'Adds a rule; on a version with submissions, a new form version is made.',
        params: formParams,
        body: dataQualityRuleBodySchema,
        response: { 201: dataQualityRuleSetSchema },
      },
    },
    async (request, reply) => {
      const { id, formId } = request.params;
      const set = await rules.createRule(db, principalOf(request), id, formId, request.body, request.id);
      return reply.status(201).send(set);
    },
  );

  app.put(
    `${RULES}/:ruleId`,
    {
      config: { access: access.collectionSetup() },
      schema: {
        tags,
        params: ruleParams,
        body: dataQualityRuleBodySchema,
        response: { 200: dataQualityRuleSetSchema },
      },
    },
    async (request) => {
      const { id, formId, ruleId } = request.params;
      return rules.updateRule(db, principalOf(request), id, formId, ruleId, request.body, request.id);
    },
  );

  app.delete(
    `${RULES}/:ruleId`,
    {
      config: { access: access.collectionSetup() },
      schema: { tags, params: ruleParams, response: { 200: dataQualityRuleSetSchema } },
    },
    async (request) => {
      const { id, formId, ruleId } = request.params;
      return rules.deleteRule(db, principalOf(request), id, formId, ruleId, request.id);
    },
  );

  app.get(
    '/Collection/:id/ReportingPeriod/:rpId/Organisation/:orgId/DataQuality',
    {
      config: { access: access.organisationDataRead(pageScope) },
      schema: { tags, params: pageParams, response: { 200: dataQualityContextSchema } },
    },
    async (request) =>
      getEntryContext(db, {
        collectionId: request.params.id,
        periodId: request.params.rpId,
        organisationId: request.params.orgId,
      }),
  );

  app.get(
    '/View/Manager/ReportingPeriod/:periodId/DataQuality',
    {
      config: { access: access.collectionMonitor(periodCollection) },
      schema: {
        tags,
        params: periodParams,
        querystring: periodDataQualityQuerySchema,
        response: { 200: periodDataQualitySchema },
      },
    },
    async (request) => getPeriodDataQuality(db, request.params.periodId, request.query),
  );
};
