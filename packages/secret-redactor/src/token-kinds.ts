import { ALNUM, BASE64, BASE64URL, type ByteClass, HEX, JWT, UPPER_ALNUM, WORD } from './byte-classes';

/**
 * A token format with a literal prefix: `prefix`, then at least `minBodyBytes` bytes of `body` (exactly
 * `exactBodyBytes` and then no letter or digit, when set). Facts about the formats come from gitleaks'
 * default rules and secretlint's recommended preset (https://github.com/gitleaks/gitleaks config/gitleaks.toml,
 * https://github.com/secretlint/secretlint packages/@secretlint/secretlint-rule-preset-recommend).
 */
export interface TokenFormat {
  /** The marker's kind: `[REDACTED:<kind>]`. */
  readonly kind: string;
  readonly prefix: string;
  readonly body: ByteClass;
  /** The characters a body is generated from in the tests and the README's example shape. */
  readonly alphabet: string;
  readonly minBodyBytes: number;
  readonly exactBodyBytes?: number;
  /** A further check of the body (OpenAI's legacy keys carry `T3BlbkFJ`). */
  readonly bodyCheck?: (bytes: Uint8Array, bodyStart: number) => boolean;
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ALNUMS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEXES = '0123456789abcdef';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const TOKEN_DASH = `${ALNUMS}-`;
const TOKEN_UNDERSCORE = `${ALNUMS}_`;

function format(
  kind: string,
  prefix: string,
  body: ByteClass,
  alphabet: string,
  length: number,
  exact: boolean,
  bodyCheck?: TokenFormat['bodyCheck'],
): TokenFormat {
  return exact
    ? { kind, prefix, body, alphabet, minBodyBytes: length, exactBodyBytes: length, bodyCheck }
    : { kind, prefix, body, alphabet, minBodyBytes: length, bodyCheck };
}

const OPENAI_LEGACY_MARK = 'T3BlbkFJ';

/** Every prefixed token format, the most specific prefix of a family first. */
export const TOKEN_FORMATS: readonly TokenFormat[] = [
  format('github-token', 'ghp_', ALNUM, ALNUMS, 36, true),
  format('github-oauth-token', 'gho_', ALNUM, ALNUMS, 36, true),
  format('github-app-token', 'ghu_', ALNUM, ALNUMS, 36, true),
  format('github-app-token', 'ghs_', ALNUM, ALNUMS, 36, true),
  format('github-refresh-token', 'ghr_', ALNUM, ALNUMS, 36, true),
  format('github-fine-grained-token', 'github_pat_', WORD, TOKEN_UNDERSCORE, 82, true),
  format('gitlab-token', 'glpat-', BASE64URL, TOKEN_DASH, 20, false),
  format('gitlab-deploy-token', 'gldt-', BASE64URL, TOKEN_DASH, 20, false),
  format('gitlab-runner-token', 'glrt-', BASE64URL, TOKEN_DASH, 20, false),
  format('gitlab-feed-token', 'glft-', BASE64URL, TOKEN_DASH, 20, false),
  format('gitlab-trigger-token', 'glptt-', HEX, HEXES, 40, true),
  format('aws-access-key', 'AKIA', UPPER_ALNUM, UPPER, 16, true),
  format('aws-access-key', 'ASIA', UPPER_ALNUM, UPPER, 16, true),
  format('aws-access-key', 'ABIA', UPPER_ALNUM, UPPER, 16, true),
  format('aws-access-key', 'ACCA', UPPER_ALNUM, UPPER, 16, true),
  format('slack-bot-token', 'xoxb-', BASE64URL, TOKEN_DASH, 20, false),
  format('slack-user-token', 'xoxp-', BASE64URL, TOKEN_DASH, 20, false),
  format('slack-app-token', 'xapp-', BASE64URL, TOKEN_DASH, 20, false),
  format('slack-config-token', 'xoxe-', BASE64URL, TOKEN_DASH, 20, false),
  format('slack-legacy-token', 'xoxa-', BASE64URL, TOKEN_DASH, 20, false),
  format('slack-legacy-token', 'xoxo-', BASE64URL, TOKEN_DASH, 20, false),
  format('slack-legacy-token', 'xoxs-', BASE64URL, TOKEN_DASH, 20, false),
  format('slack-legacy-token', 'xoxr-', BASE64URL, TOKEN_DASH, 20, false),
  format('stripe-secret-key', 'sk_live_', ALNUM, ALNUMS, 20, false),
  format('stripe-secret-key', 'sk_test_', ALNUM, ALNUMS, 20, false),
  format('stripe-restricted-key', 'rk_live_', ALNUM, ALNUMS, 20, false),
  format('stripe-restricted-key', 'rk_test_', ALNUM, ALNUMS, 20, false),
  format('anthropic-api-key', 'sk-ant-', BASE64URL, TOKEN_DASH, 40, false),
  format('openai-api-key', 'sk-proj-', BASE64URL, TOKEN_DASH, 40, false),
  format('openai-api-key', 'sk-svcacct-', BASE64URL, TOKEN_DASH, 40, false),
  format('openai-api-key', 'sk-admin-', BASE64URL, TOKEN_DASH, 40, false),
  format('openai-api-key', 'sk-', ALNUM, ALNUMS, 48, true, (bytes, at) => {
    for (let index = 0; index < OPENAI_LEGACY_MARK.length; index++)
      if (bytes[at + 20 + index] !== OPENAI_LEGACY_MARK.charCodeAt(index)) return false;
    return true;
  }),
  format('google-api-key', 'AIza', BASE64URL, TOKEN_DASH, 35, true),
  format('huggingface-token', 'hf_', ALNUM, ALNUMS, 34, true),
  format('npm-token', 'npm_', ALNUM, ALNUMS, 36, true),
  format('pypi-token', 'pypi-AgEIcHlwaS5vcmc', BASE64URL, TOKEN_DASH, 50, false),
  format('dockerhub-token', 'dckr_pat_', BASE64URL, TOKEN_DASH, 27, false),
  format('dockerhub-token', 'dckr_oat_', BASE64URL, TOKEN_DASH, 27, false),
  format('sendgrid-api-key', 'SG.', JWT, `${TOKEN_DASH}_`, 66, true),
  format('twilio-api-key', 'SK', HEX, HEXES, 32, true),
  format('shopify-access-token', 'shpat_', HEX, HEXES, 32, true),
  format('shopify-custom-app-token', 'shpca_', HEX, HEXES, 32, true),
  format('shopify-private-app-token', 'shppa_', HEX, HEXES, 32, true),
  format('shopify-shared-secret', 'shpss_', HEX, HEXES, 32, true),
  format('digitalocean-token', 'dop_v1_', HEX, HEXES, 64, true),
  format('digitalocean-oauth-token', 'doo_v1_', HEX, HEXES, 64, true),
  format('digitalocean-refresh-token', 'dor_v1_', HEX, HEXES, 64, true),
  format('vault-token', 'hvs.', BASE64URL, TOKEN_DASH, 90, false),
  format('vault-batch-token', 'hvb.', BASE64URL, TOKEN_DASH, 90, false),
  format('linear-api-key', 'lin_api_', ALNUM, ALNUMS, 40, true),
  format('sentry-org-token', 'sntrys_', BASE64, ALNUMS, 60, false),
  format('sentry-user-token', 'sntryu_', HEX, HEXES, 64, true),
  format('grafana-cloud-token', 'glc_', BASE64, ALNUMS, 32, false),
  format('grafana-service-account-token', 'glsa_', WORD, ALNUMS, 41, false),
  format('new-relic-user-key', 'NRAK-', UPPER_ALNUM, UPPER, 27, true),
  format('postman-api-key', 'PMAK-', BASE64URL, HEXES, 59, true),
  format('planetscale-token', 'pscale_tkn_', BASE64URL, TOKEN_DASH, 32, false),
  format('planetscale-password', 'pscale_pw_', BASE64URL, TOKEN_DASH, 32, false),
  format('pulumi-token', 'pul-', HEX, HEXES, 40, true),
  format('1password-service-token', 'ops_', BASE64, ALNUMS, 40, false),
  format('age-secret-key', 'AGE-SECRET-KEY-1', UPPER_ALNUM, UPPER, 58, true),
  format('supabase-token', 'sbp_', HEX, HEXES, 40, true),
  format('groq-api-key', 'gsk_', ALNUM, ALNUMS, 52, true),
  format('xai-api-key', 'xai-', ALNUM, ALNUMS, 80, true),
  format('replicate-token', 'r8_', ALNUM, ALNUMS, 37, true),
  format('perplexity-api-key', 'pplx-', ALNUM, ALNUMS, 48, true),
  format('sourcegraph-token', 'sgp_', WORD, HEXES, 40, false),
  format('figma-token', 'figd_', BASE64URL, TOKEN_DASH, 40, false),
  format('adafruit-key', 'aio_', ALNUM, ALNUMS, 28, true),
  format('rubygems-token', 'rubygems_', HEX, HEXES, 48, true),
  format('clojars-token', 'CLOJARS_', ALNUM, ALNUMS, 60, true),
  format('prefect-token', 'pnu_', ALNUM, ALNUMS, 36, true),
  format('readme-api-key', 'rdme_', ALNUM, ALNUMS, 70, true),
  format('shippo-token', 'shippo_live_', HEX, HEXES, 40, true),
  format('shippo-token', 'shippo_test_', HEX, HEXES, 40, true),
  format('mailgun-api-key', 'key-', HEX, HEXES, 32, true),
  format('tailscale-key', 'tskey-', BASE64URL, TOKEN_DASH, 30, false),
  format('square-access-token', 'sq0atp-', BASE64URL, TOKEN_DASH, 22, true),
  format('square-secret', 'sq0csp-', BASE64URL, TOKEN_DASH, 43, true),
  format('heroku-api-key', 'HRKU-', BASE64URL, TOKEN_DASH, 58, false),
  format('contentful-token', 'CFPAT-', BASE64URL, TOKEN_DASH, 43, true),
  format('atlassian-token', 'ATATT3', BASE64URL, TOKEN_DASH, 150, false),
  format('bitbucket-app-password', 'ATBB', ALNUM, ALNUMS, 32, true),
  format('easypost-api-key', 'EZAK', ALNUM, ALNUMS, 54, true),
  format('alibaba-access-key', 'LTAI', ALNUM, ALNUMS, 20, true),
  format('notion-token', 'ntn_', ALNUM, ALNUMS, 46, true),
  format('flutterwave-secret-key', 'FLWSECK-', BASE64URL, HEXES, 32, false),
  format('sendinblue-api-key', 'xkeysib-', BASE64URL, `${HEXES}-`, 81, true),
  format('typeform-token', 'tfp_', JWT, TOKEN_UNDERSCORE, 59, false),
  format('frameio-token', 'fio-u-', BASE64URL, TOKEN_DASH, 64, false),
  format('huggingface-org-token', 'api_org_', ALNUM, LETTERS, 34, true),
  format('new-relic-browser-key', 'NRJS-', HEX, HEXES, 19, true),
  format('new-relic-insert-key', 'NRII-', BASE64URL, TOKEN_DASH, 32, true),
  format('adobe-client-secret', 'p8e-', ALNUM, ALNUMS, 32, true),
  format('1password-secret-key', 'A3-', BASE64URL, `${UPPER}-`, 36, false),
  format('artifactory-api-key', 'AKCp', ALNUM, ALNUMS, 69, true),
  // Prefixes of a lower-case letter or a digit: searched from a rarer byte in them (find-candidates.ts).
  // `dt0c01.` + 24 + `.` + 64: the body's run of letters, digits and dots covers both parts.
  format('dynatrace-token', 'dt0c01.', JWT, ALNUMS, 89, false),
  format('artifactory-reference-token', 'cmVmd', ALNUM, ALNUMS, 59, true),
  format('clickhouse-secret-key', '4b1d', ALNUM, ALNUMS, 38, true),
  format('grafana-api-key', 'eyJrIjoi', BASE64, ALNUMS, 70, false),
];
