import { relative } from "node:path";
import { buildLambda, LAMBDAS } from "./lambdaBuild.ts";
import { kB } from "./stats.ts";

/**
 * Why a Lambda is as big as it is: `npx tsx packages/local/src/bench/bundleWhy.ts orders [top]`
 * prints the modules of its deployed bundle (lambdaBuild.ts), largest first, each with the import
 * chain that brought it in from the handler — what to look at before a bundle goes over budget.
 */
async function main() {
  const [name, top = "40"] = process.argv.slice(2);
  const lambda = LAMBDAS.find((l) => l.name === name || l.name.endsWith(` ${name}`));
  if (!lambda) throw new Error(`no Lambda "${name}"; known: ${LAMBDAS.map((l) => l.name.split(" ")[1]).join(", ")}`);
  const { bytes, metafile } = await buildLambda(lambda.handler);
  const inputs = metafile.inputs;
  // Breadth first from the entry: each module's parent on a shortest import chain.
  const entry = Object.keys(inputs).find((p) => lambda.handler.startsWith(p.replace(/\.ts$/, "")))!;
  const parent = new Map<string, string | null>([[entry, null]]);
  for (const queue = [entry]; queue.length;) {
    const at = queue.shift()!;
    for (const i of inputs[at]?.imports ?? []) {
      if (i.external || parent.has(i.path)) continue;
      parent.set(i.path, at);
      queue.push(i.path);
    }
  }
  const chain = (p: string) => {
    const out: string[] = [];
    for (let at: string | null | undefined = p; at; at = parent.get(at)) out.unshift(at.replace(/^packages\/(core|functions)\/src\//, "").replace(/^node_modules\//, ""));
    return out.join(" → ");
  };
  const sizes = Object.entries(Object.entries(metafile.outputs).find(([out]) => out.endsWith(".mjs"))![1].inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput);
  console.log(`${lambda.name}: ${kB(bytes)} as deployed`);
  for (const [p, { bytesInOutput }] of sizes.slice(0, Number(top))) console.log(`${kB(bytesInOutput).padStart(9)}  ${relative(".", p)}\n           ${chain(p)}`);
}

await main();
