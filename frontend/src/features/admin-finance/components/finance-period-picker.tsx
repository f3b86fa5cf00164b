import { Flex, Text, TextField, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import {
  FINANCE_PERIOD_LABELS,
  FINANCE_PERIODS,
  formatDayRange,
  type DayRange,
  type FinancePeriod,
  type FinancePeriodChoice,
} from '@domain/finance-period.js';
import { FINANCE_MESSAGES } from '@domain/messages.js';

type Props = {
  choice: FinancePeriodChoice;
  /** The days the choice names, or null while a custom range is incomplete or wrong. */
  range: DayRange | null;
  /** Why the custom range names no days (shown under the dates). */
  problem: string | null;
  /**
   * Gets the new choice from the current one (two dates changed before the page renders again must not undo each
   * other). `replace`: a date being typed does not add a history entry per keystroke.
   */
  onChange: (update: (current: FinancePeriodChoice) => FinancePeriodChoice, options?: { replace?: boolean }) => void;
};

/**
 * 'Hoje', '7 dias', 'Este mês' or 'Personalizado' (two dates). The choice lives in the URL, so a reload or 'Voltar'
 * shows the same period; a custom range starts from the days shown, so it is valid from the first click.
 */
export function FinancePeriodPicker({ choice, range, problem, onChange }: Props) {
  return (
    <section className="finance-period" aria-label={FINANCE_MESSAGES.periodLabel}>
      <Flex direction="column" gap="small">
        <Flex alignItems="center" gap="small" wrap="wrap">
          <ToggleButtonGroup
            className="finance-period__presets"
            size="small"
            isExclusive
            isSelectionRequired
            value={choice.period}
            onChange={(value) => {
              const period = value as FinancePeriod;
              if (period === choice.period) return;
              onChange(() => (period === 'personalizado' ? { period, from: range?.from, to: range?.to } : { period }));
            }}
          >
            {FINANCE_PERIODS.map((period) => (
              <ToggleButton key={period} value={period}>
                {FINANCE_PERIOD_LABELS[period]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {range && choice.period !== 'personalizado' ? (
            <Text color="font.secondary" fontSize="small" data-testid="finance-period-days">
              {formatDayRange(range)}
            </Text>
          ) : null}
        </Flex>
        {choice.period === 'personalizado' ? (
          <Flex gap="small" wrap="wrap" alignItems="flex-start">
            <TextField
              className="finance-period__day"
              type="date"
              size="small"
              label={FINANCE_MESSAGES.customFrom}
              value={choice.from ?? ''}
              max={choice.to}
              onChange={(event) => {
                const from = event.target.value || undefined;
                onChange((current) => ({ ...current, from }), { replace: true });
              }}
            />
            <TextField
              className="finance-period__day"
              type="date"
              size="small"
              label={FINANCE_MESSAGES.customTo}
              value={choice.to ?? ''}
              min={choice.from}
              onChange={(event) => {
                const to = event.target.value || undefined;
                onChange((current) => ({ ...current, to }), { replace: true });
              }}
            />
          </Flex>
        ) : null}
        {problem ? (
          <Text color="font.error" fontSize="small" role="alert">
            {problem}
          </Text>
        ) : null}
      </Flex>
    </section>
  );
}
