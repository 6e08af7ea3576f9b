/** What a gift can be (decision 065): shared by the schema, the ledger and the forms. */
export const giftKinds = ["one_time", "monthly"] as const;
export const giftFunds = ["general", "medical", "pet_fee"] as const;
export const giftDedications = ["honor", "memory"] as const;
