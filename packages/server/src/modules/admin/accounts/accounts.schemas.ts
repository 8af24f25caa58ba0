import { Type } from '@sinclair/typebox';
import { Account, AssetSchema } from '../../accounts/index.js';
import { Id } from '../admin.schemas.js';

export const AccountParams = Type.Object({ accountId: Id });
export const AccountAssetParams = Type.Object({ accountId: Id, asset: AssetSchema });

/** The customer API's own view, with whose it is (an operator reads across customers). */
export const OperatorAccount = Type.Object({
  customerId: Type.String(),
  account: Type.Ref(Account),
});
