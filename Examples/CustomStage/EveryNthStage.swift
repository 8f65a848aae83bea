import TrackPipe
