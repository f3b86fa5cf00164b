import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { contractClauses, contractParties } from '@domain/contract-text.js';
import type { Contract, Profile } from '@domain/schemas/entities.js';
import { COMPANY } from '@/lib/company';

/** The parties and the nine clauses, as the server hashes and prints them (domain/contract-text.ts). */
export function ContractClauses({ contract, profile }: { contract: Contract; profile: Profile }) {
  const parties = contractParties(profile, COMPANY);
  return (
    <Flex direction="column" gap="small" className="contract-text">
      <Text>
        <strong>CONTRATADA:</strong> {parties.provider}.
      </Text>
      <Text>
        <strong>CONTRATANTE:</strong> {parties.client}.
      </Text>
      {contractClauses(contract, COMPANY).map((clause) => (
        <section key={clause.number} aria-labelledby={`clausula-${contract.id}-${clause.number}`}>
          <Heading level={3} fontSize="medium" id={`clausula-${contract.id}-${clause.number}`} marginTop="small">
            Cláusula {clause.number} — {clause.title}
          </Heading>
          {clause.paragraphs.map((paragraph, index) => (
            <Text key={index} marginTop="xxs">
              {clause.number}.{index + 1}. {paragraph}
            </Text>
          ))}
        </section>
      ))}
    </Flex>
  );
}
