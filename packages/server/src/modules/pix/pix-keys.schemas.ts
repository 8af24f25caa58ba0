import { Type } from '@sinclair/typebox';

export const PixKeyParams = Type.Object({
  key: Type.String({
    minLength: 1,
    maxLength: 100,
    description:
      'A PIX key; its type is read from its shape (CPF, CNPJ, e-mail, +55 phone, EVP UUID). URL-encode it (`%2B` for `+`, `%40` for `@` are both accepted).',
    examples: ['maria@example.com'],
  }),
});
