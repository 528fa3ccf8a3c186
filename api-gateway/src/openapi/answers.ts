import { accessAnswers } from './access.answers.ts';
import { agentsAnswers } from './agents.answers.ts';
import { auditAnswers } from './audit.answers.ts';
import { authAnswers } from './auth.answers.ts';
import { claimsAnswers } from './claims.answers.ts';
import { companyAnswers } from './company.answers.ts';
import { docsAnswers } from './docs.answers.ts';
import { groupSchemesAnswers } from './group-schemes.answers.ts';
import { paymentsAnswers } from './payments.answers.ts';
import { platformAnswers } from './platform.answers.ts';
import { portfolioAnswers } from './portfolio.answers.ts';
import { reportsAnswers } from './reports.answers.ts';
import type { AnswerMap } from './shapes.ts';
import { subscriptionAnswers } from './subscription.answers.ts';
import { uploadsAnswers } from './uploads.answers.ts';

/** Every route's answers and summary, keyed "METHOD /api/path/:param" (one file per route table). */
export const answers: AnswerMap = {
  ...authAnswers,
  ...companyAnswers,
  ...subscriptionAnswers,
  ...portfolioAnswers,
  ...uploadsAnswers,
  ...claimsAnswers,
  ...paymentsAnswers,
  ...groupSchemesAnswers,
  ...accessAnswers,
  ...agentsAnswers,
  ...reportsAnswers,
  ...auditAnswers,
  ...platformAnswers,
  ...docsAnswers,
};
