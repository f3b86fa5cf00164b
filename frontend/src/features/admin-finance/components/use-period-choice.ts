import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { periodChoiceParams, readPeriodChoice, type FinancePeriodChoice } from '@domain/finance-period.js';

/** The URL's period parameters; whatever else the URL carries is kept. */
const PERIOD_PARAMS = ['periodo', 'de', 'ate'];

/** The period part of a URL's search, in a fixed order, to compare two URLs' periods. */
function periodSearch(params: URLSearchParams): string {
  return PERIOD_PARAMS.map((name) => `${name}=${params.get(name) ?? ''}`).join('&');
}

/**
 * The period of /admin/financeiro, kept in the URL (`?periodo=…&de=…&ate=…`) so a reload, a link or 'Voltar' shows the
 * same view. `choose` gets the new choice from the current one; `replace` changes the URL without a history entry.
 */
export function usePeriodChoice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const choice = readPeriodChoice(searchParams);

  // The choice as last asked for: the URL follows a render or more behind, and a change made before it caught up must
  // build on the one before (two dates typed quickly). The URL is taken again only when it changes to something this
  // page did not ask for ('Voltar', a link); the echoes of our own changes, possibly late, are skipped.
  const latest = useRef(choice);
  const echoes = useRef<string[]>([]);
  const search = periodSearch(searchParams);
  useEffect(() => {
    const echo = echoes.current.indexOf(search);
    if (echo >= 0) echoes.current.splice(0, echo + 1);
    else {
      echoes.current = [];
      latest.current = readPeriodChoice(new URLSearchParams(search));
    }
  }, [search]);
  const choose = (
    update: (current: FinancePeriodChoice) => FinancePeriodChoice,
    options: { replace?: boolean } = {},
  ) => {
    const next = update(latest.current);
    latest.current = next;
    const period = new URLSearchParams(periodChoiceParams(next));
    echoes.current.push(periodSearch(period));
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const name of PERIOD_PARAMS) params.delete(name);
        for (const [name, value] of period) params.set(name, value);
        return params;
      },
      { replace: options.replace ?? false },
    );
  };

  return { choice, choose };
}
