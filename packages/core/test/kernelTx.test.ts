import { describe, it, expect } from "vitest";
import { Goods } from "../src/goods/entities.ts";
import { txCheck, txDelete, txPut, txRawUpdate, txUpdate } from "../src/kernel/tx.ts";

/** The transaction items are built from ElectroDB's operations: their params, as the SDK's item of that kind. */
describe("transaction items", () => {
  const key = { tenantId: "tx-items", id: 5 };

  it("takes the operation itself and keeps its condition and the item's message", () => {
    const put = txPut(Goods.create({ ...key, goodsName: "茶", goodsType: "entity", goodsClass: "001" }), "已存在");
    expect(put.failMessage).toBe("已存在");
    expect(put.Put?.Item).toMatchObject({ tenantId: "tx-items", id: 5, goodsName: "茶" });
    expect(put.Put?.ConditionExpression).toBe("attribute_not_exists(#pk) AND attribute_not_exists(#sk)");
    expect(txDelete(Goods.delete(key)).failMessage).toBeUndefined();
    expect(txDelete(Goods.delete(key)).Delete?.Key).toEqual(Goods.get(key).params().Key);
  });

  it("leaves out the ReturnValues a transaction item does not take", () => {
    const patch = Goods.patch(key).set({ status: 2 });
    expect(patch.params({ response: "all_new" })).toHaveProperty("ReturnValues");
    const update = txUpdate({ params: () => patch.params({ response: "all_new" }) }, "已变化");
    expect(update.Update).not.toHaveProperty("ReturnValues");
    expect(update.Update?.ConditionExpression).toBe("attribute_exists(#pk) AND attribute_exists(#sk)");
  });

  it("checks a condition with the item's delete, which only lends its key and condition", () => {
    const check = txCheck(
      Goods.delete(key).where((a, { eq }) => eq(a.status, 1)),
      "已下架",
    );
    expect(check).toEqual({
      ConditionCheck: {
        TableName: Goods.getTableName(),
        Key: Goods.get(key).params().Key,
        ConditionExpression: "#status = :status0",
        ExpressionAttributeNames: { "#status": "status" },
        ExpressionAttributeValues: { ":status0": 1 },
      },
      failMessage: "已下架",
    });
  });

  it("passes a raw update through as it is", () => {
    const raw = {
      TableName: "t",
      Key: { pk: "a", sk: "b" },
      UpdateExpression: "SET #u = #u + :n",
      ExpressionAttributeNames: { "#u": "u" },
      ExpressionAttributeValues: { ":n": 1 },
    };
    expect(txRawUpdate(raw, "不足")).toEqual({ Update: raw, failMessage: "不足" });
  });
});
