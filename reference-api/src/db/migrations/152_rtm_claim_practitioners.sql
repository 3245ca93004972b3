-- RTM claims name their practitioners (issue 32, docs/decisions/044-rtm-claim-practitioners-and-exports.md).
--
-- A provider's NPI (ten digits, Luhn check digit over 80840 + the first nine, checked by the API) and credential
-- (PT, PTA or another professional: a PTA's part in a service puts the CQ modifier on its claim line).
ALTER TABLE practitioners ADD COLUMN npi text CHECK (npi ~ '^[0-9]{10}$');
ALTER TABLE practitioners ADD COLUMN credential text CHECK (credential IN ('PT', 'PTA', 'OTHER'));

-- The patient's RTM billing (rendering) practitioner; NULL: the primary provider (patient_records.practitioner_id).
ALTER TABLE patient_records ADD COLUMN rtm_billing_practitioner_id uuid REFERENCES practitioners(id);

-- Who a billed cycle was billed under (the rendering practitioner when it was marked billed): the rule "only one
-- practitioner bills a patient's device supply in 30 days" compares these, not who clicked (billed_by). Cycles
-- billed before this migration were billed under whoever clicked: that is the best record there is.
ALTER TABLE rtm_cycles ADD COLUMN rendering_practitioner_id uuid REFERENCES practitioners(id);
UPDATE rtm_cycles SET rendering_practitioner_id = billed_by WHERE status = 'BILLED' AND billed_by IS NOT NULL;
