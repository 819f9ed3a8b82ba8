import { describe, it, expect } from "vitest";
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";

/**
 * The layer boundaries `npm test` enforces (eslint.config.js), proven on deliberate wrong imports:
 * each snippet is linted as if it were the named file of the repo.
 */
const cwd = fileURLToPath(new URL("../../..", import.meta.url));
const eslint = new ESLint({ cwd });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${cwd}/${filePath}` });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("layer boundaries", () => {
  it("core imports neither functions, local nor the console", async () => {
    expect(await restricted("packages/core/src/hotels/x.ts", 'import { AREAS } from "@xiangyu/functions/manifest";\nexport const a = AREAS;\n')).toHaveLength(1);
    expect(await restricted("packages/core/src/hotels/x.ts", 'import { seedDemo } from "../../../local/src/seed/demo.ts";\nexport const a = seedDemo;\n')).toHaveLength(1);
    expect(await restricted("packages/core/src/hotels/x.ts", 'import { ok } from "../kernel/envelope.ts";\nexport const a = ok;\n')).toEqual([]);
  });

  it("a route table imports schemas and types, never a service", async () => {
    const file = "packages/functions/src/hotels/routes.ts";
    expect(await restricted(file, 'import { listHotels } from "@xiangyu/core/hotels/hotels";\nexport const a = listHotels;\n')).toHaveLength(1);
    expect(await restricted(file, 'import { app } from "./handler.ts";\nexport const a = app;\n')).toHaveLength(1);
    expect(
      await restricted(
        file,
        'import { HotelInput } from "@xiangyu/core/hotels/schemas";\nimport type { HotelView } from "@xiangyu/core/hotels/views";\nexport const a: HotelView | typeof HotelInput | null = null;\n',
      ),
    ).toEqual([]);
  });

  it("the console imports pure core modules only, and functions only as types", async () => {
    const file = "web/src/areas/hotels/X.tsx";
    expect(await restricted(file, 'import { saveHotel } from "@xiangyu/core/hotels/hotels";\nexport const a = saveHotel;\n')).toHaveLength(1);
    expect(await restricted(file, 'import { dynamo } from "@xiangyu/core/kernel/aws";\nexport const a = dynamo;\n')).toHaveLength(1);
    expect(await restricted(file, 'import { AREAS } from "@xiangyu/functions/manifest";\nexport const a = AREAS;\n')).toHaveLength(1);
    expect(
      await restricted(
        file,
        'import { HotelInput } from "@xiangyu/core/hotels/schemas";\nimport type { Contract } from "@xiangyu/functions/contract";\nexport const a: Contract | typeof HotelInput | null = null;\n',
      ),
    ).toEqual([]);
  });
});
