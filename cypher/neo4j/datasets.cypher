// Every dataset an analysis wrote in this database.
MATCH (s:SanonDataset)
RETURN s.dataset AS dataset, s.started AS started, s.complete AS complete, s.documents AS documents,
       s.entities AS entities, s.links AS links, s.chains AS chains
ORDER BY dataset;
