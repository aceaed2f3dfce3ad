-- Geocoding: the local address index (per map extract), customer address lists, the cache of
-- upstream answers, and batches. Trigram indexes serve fuzzy name search (typos, word order).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per indexed extract, keyed by the SHA-256 of its file: indexing the same file twice is a no-op.
CREATE TABLE geocode_maps (
  map_hash text PRIMARY KEY,
  file_name text NOT NULL,
  built_time timestamptz NOT NULL DEFAULT now(),
  counts jsonb NOT NULL
);

-- Streets (one per name and municipality), places and postcodes of a map.
CREATE TABLE geocode_features (
  id bigserial PRIMARY KEY,
  map_hash text NOT NULL REFERENCES geocode_maps(map_hash) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('street', 'place', 'postcode')),
  name text NOT NULL,
  name_key text NOT NULL,
  city text,
  postcode text,
  country text,
  locality_key text NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  formatted_address text NOT NULL
);
CREATE INDEX geocode_features_name ON geocode_features USING gin (name_key gin_trgm_ops);
CREATE INDEX geocode_features_map ON geocode_features(map_hash);

-- Street geometry as pieces between consecutive OSM nodes, for reverse geocoding.
CREATE TABLE geocode_street_pieces (
  feature_id bigint NOT NULL REFERENCES geocode_features(id) ON DELETE CASCADE,
  map_hash text NOT NULL,
  extent box NOT NULL,
  lat1 double precision NOT NULL,
  lon1 double precision NOT NULL,
  lat2 double precision NOT NULL,
  lon2 double precision NOT NULL
);
CREATE INDEX geocode_street_pieces_extent ON geocode_street_pieces USING gist (extent);

-- House-numbered addresses of a map, each on a street feature.
CREATE TABLE geocode_addresses (
  id bigserial PRIMARY KEY,
  feature_id bigint NOT NULL REFERENCES geocode_features(id) ON DELETE CASCADE,
  map_hash text NOT NULL,
  house_number text NOT NULL,
  house_number_key text NOT NULL,
  postcode text,
  city text,
  country text,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  intersection_lat double precision,
  intersection_lon double precision,
  formatted_address text NOT NULL,
  position point NOT NULL
);
CREATE INDEX geocode_addresses_street ON geocode_addresses(feature_id, house_number_key);
CREATE INDEX geocode_addresses_position ON geocode_addresses USING gist (position);

-- Addresses a customer already knows the coordinates of (`wayplan geocode import`); they rank
-- above map data. account NULL: visible to every account.
CREATE TABLE geocode_customer_addresses (
  id bigserial PRIMARY KEY,
  list_name text NOT NULL,
  account text REFERENCES accounts(name) ON DELETE CASCADE,
  address text NOT NULL,
  address_key text NOT NULL,
  unordered_key text NOT NULL,
  house_number_key text NOT NULL,
  country text,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  imported_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX geocode_customer_addresses_key ON geocode_customer_addresses(unordered_key);
CREATE INDEX geocode_customer_addresses_trgm ON geocode_customer_addresses USING gin (address_key gin_trgm_ops);
CREATE UNIQUE INDEX geocode_customer_addresses_unique ON geocode_customer_addresses(list_name, COALESCE(account, ''), address_key);

-- Upstream answers by provider and normalized query; only successful answers are kept.
CREATE TABLE geocode_cache (
  provider text NOT NULL,
  query_key text NOT NULL,
  suggestions jsonb NOT NULL,
  cached_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, query_key)
);

-- Batch geocoding (`wayplan geocode <file.csv>`): every input address is a row that ends
-- geocoded or failed with its reason.
CREATE TABLE geocode_batches (
  id text PRIMARY KEY,
  source text NOT NULL,
  columns jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'completed')),
  runs integer NOT NULL DEFAULT 0,
  created_time timestamptz NOT NULL DEFAULT now(),
  finished_time timestamptz
);

CREATE TABLE geocode_batch_addresses (
  batch_id text NOT NULL REFERENCES geocode_batches(id) ON DELETE CASCADE,
  position integer NOT NULL,
  query text NOT NULL,
  country text,
  input jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'geocoded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  lat double precision,
  lon double precision,
  formatted_address text,
  confidence double precision,
  error_code text,
  error_message text,
  PRIMARY KEY (batch_id, position)
);
CREATE INDEX geocode_batch_addresses_status ON geocode_batch_addresses(batch_id, status);
