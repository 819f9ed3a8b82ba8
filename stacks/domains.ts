import { Certificate } from "aws-cdk-lib/aws-certificatemanager";
import { SecurityPolicyProtocol } from "aws-cdk-lib/aws-cloudfront";
import type { Stack, StaticSiteDomainProps } from "sst/constructs";

/** The two sites of a stage that face people. */
export type SiteName = "console" | "website";

/**
 * A stage's own domains, read from the deploy's environment (docs/deploy.md, "Custom domains"),
 * so each stage says its own and none is written in the repository:
 * - `XY_CONSOLE_DOMAIN`, `XY_WEBSITE_DOMAIN`: the site's domain; unset, the site keeps its
 *   *.cloudfront.net address.
 * - `XY_HOSTED_ZONE`: a Route 53 zone holding them: SST creates and DNS-validates the certificate
 *   (in us-east-1, where CloudFront needs it) and writes the records.
 * - `XY_CERTIFICATE_ARN`: otherwise, a us-east-1 ACM certificate covering every name below; the
 *   DNS is someone else's (CNAME each name to the distribution).
 * - `XY_CONSOLE_TENANT_DOMAINS`, `XY_WEBSITE_TENANT_DOMAINS`: tenants' own domains (comma
 *   separated) the same distribution answers; the login page and the website pick the tenant by
 *   host (docs/decisions.md). They need the certificate to cover them, so XY_CERTIFICATE_ARN.
 */
export type DomainConfig = { domain: string; tenantDomains: string[]; hostedZone?: string; certificateArn?: string };

const DOMAIN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CERTIFICATE = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]{36}$/;

const list = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/** The site's domain configuration, or undefined when the stage has none. Throws (the deploy stops) on a malformed one. */
export function domainConfig(site: SiteName, env: Record<string, string | undefined>): DomainConfig | undefined {
  const upper = site.toUpperCase();
  const domain = env[`XY_${upper}_DOMAIN`]?.trim().toLowerCase();
  const tenantDomains = list(env[`XY_${upper}_TENANT_DOMAINS`]);
  if (!domain) {
    if (tenantDomains.length) throw new Error(`XY_${upper}_TENANT_DOMAINS needs XY_${upper}_DOMAIN`);
    return undefined;
  }
  for (const d of [domain, ...tenantDomains]) if (!DOMAIN.test(d)) throw new Error(`"${d}" is not a domain name`);
  const hostedZone = env.XY_HOSTED_ZONE?.trim() || undefined;
  const certificateArn = env.XY_CERTIFICATE_ARN?.trim() || undefined;
  if (certificateArn && !CERTIFICATE.test(certificateArn)) throw new Error("XY_CERTIFICATE_ARN must be an ACM certificate in us-east-1 (CloudFront's region)");
  if (!hostedZone && !certificateArn) throw new Error(`XY_${upper}_DOMAIN needs XY_HOSTED_ZONE or XY_CERTIFICATE_ARN`);
  if (tenantDomains.length && !certificateArn) throw new Error("tenants' domains need XY_CERTIFICATE_ARN: a certificate covering them");
  return { domain, tenantDomains, hostedZone, certificateArn };
}

/** Every address the site answers on: its own domains, or its CloudFront address when it has none. */
export const siteOrigins = (config: DomainConfig | undefined, cloudfrontDomain: string) =>
  config ? [config.domain, ...config.tenantDomains].map((d) => `https://${d}`) : [`https://${cloudfrontDomain}`];

/**
 * What a StaticSite takes for a configured domain: SST's `customDomain`, and the distribution's TLS
 * minimum (TLS 1.2, 2021 ciphers: what a custom certificate allows; the default certificate cannot
 * be given one).
 */
export function siteDomain(stack: Stack, site: SiteName, config: DomainConfig | undefined) {
  if (!config) return { customDomain: undefined, tls: {} };
  const certificate = config.certificateArn ? Certificate.fromCertificateArn(stack, `${site}Certificate`, config.certificateArn) : undefined;
  const customDomain: StaticSiteDomainProps = certificate
    ? {
        domainName: config.domain,
        alternateNames: config.tenantDomains,
        ...(config.hostedZone ? { hostedZone: config.hostedZone } : { isExternalDomain: true }),
        cdk: { certificate },
      }
    : { domainName: config.domain, hostedZone: config.hostedZone };
  return { customDomain, tls: { minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021 } };
}
