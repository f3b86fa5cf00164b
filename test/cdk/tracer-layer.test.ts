import { CfnParameter, Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS } from '../../lambdas/functions.js';
import { leavesAws } from '../../lambdas/grants.js';
import { TRACER_PACKAGE } from '../../lambdas/shared/tracer.js';
import { lambdaEsbuildOptions } from '../../lib/bundling.js';
import { POWERTOOLS_LAYER_PARAMETER } from '../../lib/constructs/service-function.js';
import { fromRepoRoot } from '../../lib/paths.js';
import { serviceFunctionNamed, type Json } from './stage.js';

/**
 * The X-Ray SDK is loaded from Powertools' layer on a function's first call out of AWS (lambdas/shared/tracer.ts),
 * never bundled: the functions that leave AWS must have that layer, at the version the code was tested with.
 */
const parameters = new Map<Stack, Map<string, CfnParameter>>();
/** A stack's parameters by logical id (the nested stacks' functions each live in their area's stack). */
function parametersOf(stack: Stack): Map<string, CfnParameter> {
  let byId = parameters.get(stack);
  if (!byId) {
    byId = new Map(
      stack.node
        .findAll()
        .filter((c): c is CfnParameter => c instanceof CfnParameter)
        .map((p) => [stack.resolve(p.logicalId) as string, p]),
    );
    parameters.set(stack, byId);
  }
  return byId;
}

describe("the tracer from Powertools' layer", () => {
  // The stage's synthesis (shared with the other CDK files in one run) is paid by whichever file asks first.
  it(
    'is given, at the installed version, to exactly the functions whose grants name an outside service',
    { timeout: 300_000 },
    () => {
      const installed = (
        JSON.parse(readFileSync(fromRepoRoot(`node_modules/${TRACER_PACKAGE}/package.json`), 'utf8')) as {
          version: string;
        }
      ).version;
      expect(POWERTOOLS_LAYER_PARAMETER).toBe(`/aws/service/powertools/typescript/generic/all/${installed}`);
      const outbound = ALL_FUNCTIONS.filter((fn) => leavesAws(fn.grants)).map((fn) => fn.name);
      expect(outbound).toEqual(expect.arrayContaining(['CreateCharge', 'ReceiveAsaasWebhook', 'LookupPostalCode']));
      for (const fn of ALL_FUNCTIONS) {
        const deployed = serviceFunctionNamed(fn.name);
        const stack = Stack.of(deployed);
        const layers = (stack.resolve((deployed.node.defaultChild as CfnFunction).layers) ?? []) as Json[];
        if (!outbound.includes(fn.name)) {
          expect(layers, fn.name).toEqual([]);
          continue;
        }
        expect(layers, fn.name).toHaveLength(1);
        // The ARN is the public SSM parameter's value, resolved by CloudFormation in the function's region.
        const parameter = parametersOf(stack).get((layers[0] as { Ref: string }).Ref);
        expect(parameter?.type, fn.name).toBe('AWS::SSM::Parameter::Value<String>');
        expect(parameter?.default, fn.name).toBe(POWERTOOLS_LAYER_PARAMETER);
      }
    },
  );

  it('is left out of every bundle: the outbound routes carry no X-Ray SDK', async () => {
    const outbound = ALL_FUNCTIONS.filter((fn) => ['CreateCharge', 'ReceiveAsaasWebhook'].includes(fn.name));
    const { metafile, outputFiles } = await build({
      metafile: true,
      write: false,
      entryPoints: Object.fromEntries(outbound.map((fn) => [fn.name, fromRepoRoot(fn.entry)])),
      outdir: '/tmp/tracer-layer-test',
      ...lambdaEsbuildOptions(),
    });
    const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs.filter((input) => /aws-xray-sdk|powertools\/tracer|cls-hooked/.test(input))).toEqual([]);
    for (const file of outputFiles.filter((f) => f.path.endsWith('.mjs'))) {
      expect(file.text, file.path).toContain(JSON.stringify(TRACER_PACKAGE));
    }
  });
});
