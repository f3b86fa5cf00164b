/**
 * How long a function that calls Asaas may run: up to four Asaas calls with their retries fit, and it stays under API
 * Gateway's 29-second integration timeout. The function catalogue gives it to every such function, and a lease one of
 * them holds lasts as long, so a crashed holder's lease lapses when the function would have been stopped anyway.
 */
export const ASAAS_CALLER_TIMEOUT_SECONDS = 25;
