import type { Selectable } from 'kysely';
import type { RegistrationRulesTable } from '../../db/schema.ts';
import { patternById, REGISTRATION_FIELDS, type RegistrationField, type RegistrationRule } from '@khela/contracts';

type RuleRow = Omit<Selectable<RegistrationRulesTable>, 'merchant_id'>;

/**
 * §3/§5 registration rules per field, each with the catalogue pattern of its id ('*' is any
 * text). A pattern id the catalogue does not know accepts any text, within the length bounds.
 */
export function toRegistrationRules(rows: readonly RuleRow[]): Partial<Record<RegistrationField, RegistrationRule>> {
  const rules: Partial<Record<RegistrationField, RegistrationRule>> = {};
  for (const row of rows) {
    if (!(REGISTRATION_FIELDS as readonly string[]).includes(row.field)) continue;
    rules[row.field as RegistrationField] = {
      enabled: row.enabled,
      required: row.required,
      acceptedPattern: patternById(row.pattern_id)?.pattern ?? '*',
      patternId: row.pattern_id,
      minLength: row.min_length,
      maxLength: row.max_length,
    };
  }
  return rules;
}
