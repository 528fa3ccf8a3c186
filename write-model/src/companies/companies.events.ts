export const FREE_TIER = 'free';
export const FREE_TIER_MEMBER_LIMIT = 300;

/** A company (tenant) registered with its administrator; it starts on the free tier. */
export type CompanyRegistered = {
  type: 'CompanyRegistered';
  data: {
    companyId: string;
    name: string;
    cipNumber: string;
    email: string;
    phone: string;
    fspNumber: string | null;
    administratorUserId: string;
    tier: string;
    memberLimit: number;
    registeredAt: string;
  };
};

export type CompanyEvent = CompanyRegistered;

export const companyStreamId = (companyId: string) => `company-${companyId}`;
