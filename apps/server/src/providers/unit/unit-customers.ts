import type {
  CreateBusinessApplicationRequest,
  CreateIndividualApplicationRequest,
} from '@unit-finance/unit-node-sdk';
import { type Resource, toApplication, type UnitTransport } from './unit-transport';
import type { UnitApplicant, UnitApplication, UnitBusinessApplicant } from './unit-types';

/** Unit customers: the applications that make them, and their bearer tokens. */
export function unitCustomerCalls(transport: UnitTransport) {
  const { unit, read, call, createCustomerToken } = transport;
  return {
    async createApplication(applicant: UnitApplicant): Promise<UnitApplication> {
      const request: CreateIndividualApplicationRequest = {
        type: 'individualApplication',
        attributes: {
          fullName: { first: applicant.firstName, last: applicant.lastName },
          dateOfBirth: applicant.dateOfBirth,
          email: applicant.email,
          phone: applicant.phone,
          address: applicant.address,
          idempotencyKey: applicant.idempotencyKey,
          tags: { pagoUserId: applicant.userId },
        },
      };
      const answer = read(
        'createApplication',
        await call(() => unit().applications.create(request)),
      );
      return toApplication(answer.data as Resource);
    },

    /** A business application (Pago's own omnibus customer); Unit decides it like any other. */
    async createBusinessApplication(applicant: UnitBusinessApplicant): Promise<UnitApplication> {
      const { officer } = applicant;
      const person = {
        fullName: { first: officer.firstName, last: officer.lastName },
        email: officer.email,
        phone: applicant.phone,
      };
      const owner = {
        ...person,
        dateOfBirth: officer.dateOfBirth,
        address: applicant.address,
        ssn: officer.ssn,
      };
      const request: CreateBusinessApplicationRequest = {
        type: 'businessApplication',
        attributes: {
          name: applicant.name,
          address: applicant.address,
          phone: applicant.phone,
          stateOfIncorporation: applicant.stateOfIncorporation,
          ein: applicant.ein,
          entityType: 'Corporation',
          contact: person,
          officer: { ...owner, title: 'CEO' },
          beneficialOwners: [owner],
          idempotencyKey: applicant.idempotencyKey,
          tags: { pago: 'omnibus' },
        },
      };
      const answer = read(
        'createApplication',
        await call(() => unit().applications.create(request)),
      );
      return toApplication(answer.data as Resource);
    },

    async getApplication(id: string): Promise<UnitApplication> {
      const answer = read('getApplication', await call(() => unit().applications.get(id)));
      return toApplication(answer.data as Resource);
    },

    /** A customer bearer token for the banking panel: `scope` only, `expiresIn` seconds. */
    createCustomerToken,
  };
}
